import { renderToStaticMarkup } from 'react-dom/server';
import type { CompanyMember, CompanyRole } from '@tracemap/shell-core';
import { MemberRow } from '.';

const member = (id: string, role: CompanyRole): CompanyMember => ({
  id,
  role,
  firstName: 'Pat',
  lastName: id,
  email: `${id}@example.com`,
});

function render(actor: { userId: string; role: CompanyRole } | null, target: CompanyMember): string {
  return renderToStaticMarkup(
    <table>
      <tbody>
        <MemberRow
          member={target}
          actor={actor}
          busy={false}
          onChangeRole={() => undefined}
          onRemove={() => undefined}
        />
      </tbody>
    </table>,
  );
}

const options = (html: string) => [...html.matchAll(/<option value="([^"]+)"/g)].map((m) => m[1]);

describe('MemberRow offers only allowed actions', () => {
  test('an owner may change any role of another member and remove them', () => {
    const html = render({ userId: 'o', role: 'owner' }, member('c', 'creator'));
    expect(options(html)).toEqual(['creator', 'owner', 'admin', 'viewer']);
    expect(html).toContain('data-testid="member-remove"');
  });

  test('an admin sees no actions on an owner', () => {
    const html = render({ userId: 'a', role: 'admin' }, member('o', 'owner'));
    expect(html).not.toContain('member-role-select');
    expect(html).not.toContain('member-remove');
    expect(html).toContain('Owner');
  });

  test('an admin cannot promote to owner', () => {
    expect(options(render({ userId: 'a', role: 'admin' }, member('v', 'viewer')))).toEqual([
      'viewer',
      'admin',
      'creator',
    ]);
  });

  test('nobody upgrades themselves or removes themselves here', () => {
    const html = render({ userId: 'a', role: 'admin' }, member('a', 'admin'));
    expect(options(html)).toEqual(['admin', 'creator', 'viewer']);
    expect(html).not.toContain('member-remove');
    expect(html).toContain('(you)');
  });

  test('creators and viewers get no actions', () => {
    for (const role of ['creator', 'viewer'] as const) {
      const html = render({ userId: 'x', role }, member('v', 'viewer'));
      expect(html).not.toContain('<select');
      expect(html).not.toContain('member-remove');
    }
  });
});
