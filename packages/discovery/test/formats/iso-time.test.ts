import { isoTime } from '../../src/formats/json-values';

describe('reading ISO 8601 times', () => {
  it('reads the canonical form to the time Date.parse gives, and everything else through it', () => {
    const texts: string[] = [];
    // Every month, days past a month's end (Date rolls them over), leap years and the ends of each field.
    for (const year of ['0001', '0099', '0100', '1969', '1970', '2000', '2023', '2024', '2100', '9999'])
      for (let month = 0; month <= 13; month++)
        for (const day of ['00', '01', '28', '29', '30', '31', '32'])
          texts.push(`${year}-${String(month).padStart(2, '0')}-${day}T12:34:56.789Z`);
    for (const time of ['00:00:00.000', '23:59:59.999', '24:00:00.000', '23:60:00.000', '23:59:60.000', '1a:00:00.000'])
      texts.push(`2024-03-01T${time}Z`);
    texts.push('2024-03-01T00:00:13.984', '2024-03-01 00:00:13.984Z', '2024-03-01T00:00:13.984+01:00', '2024-03-01');
    texts.push(
      '2024-03-01T00:00:13Z',
      ' 2024-03-01T00:00:13.984Z',
      '2024-03-01T00:00:13,984Z',
      '+02024-03-01T00:00:13.98Z',
    );
    for (let i = 0; i < 2000; i++) texts.push(new Date(Date.UTC(1971, 0, 1) + i * 7_919_993_311).toISOString());
    for (const text of texts) {
      const parsed = Date.parse(text);
      expect({ text, time: isoTime(text) }).toEqual({ text, time: Number.isNaN(parsed) ? null : parsed });
    }
  });
});
