import { samplePlans } from '../src/samples';

// The editor draws a view as a box 220 wide and, with six events listed, about 190 tall.
const NODE = { width: 220, height: 190 };

const journey = samplePlans.ecommerce.maps!.find((m) => m.name === 'Shopping journey')!;

describe("the sample's Shopping journey map", () => {
  test('is compact: its boxes fit in about one laptop screen of canvas (1,300 × 1,000 units)', () => {
    const xs = journey.nodes.map((n) => n.x);
    const ys = journey.nodes.map((n) => n.y);
    const width = Math.max(...xs) + NODE.width - Math.min(...xs);
    const height = Math.max(...ys) + NODE.height - Math.min(...ys);
    expect(journey.nodes).toHaveLength(12);
    expect({ width: width <= 1300, height: height <= 1000 }).toEqual({ width: true, height: true });
  });

  test('keeps its boxes apart, with room for the edge labels between them', () => {
    for (const a of journey.nodes) {
      for (const b of journey.nodes) {
        if (a === b) continue;
        const apart = Math.abs(a.x - b.x) >= NODE.width + 60 || Math.abs(a.y - b.y) >= NODE.height + 40;
        expect([a.viewId, b.viewId, apart]).toEqual([a.viewId, b.viewId, true]);
      }
    }
  });
});
