import type { QuerySourceOutput, StoredQueryResult } from '@tracemap/contracts';
import type { ToolResult } from './tool-result';

const ROWS_SHOWN = 50;

/** A table cell as text, with pipes and line breaks taken out so a vendor's value cannot break the table. */
const cell = (value: string | number | null) =>
  value === null
    ? ''
    : String(value)
        .replace(/[|\r\n]+/g, ' ')
        .replace(/\s+/g, ' ')
        .trim()
        .slice(0, 200);

/**
 * A stored query result as the assistant shows it: the first rows, the sums
 * of numeric columns and a markdown table. The service runs the query and
 * stores it; this only shapes what the model and the offline answer read.
 */
export function formatQueryResult(result: StoredQueryResult): ToolResult<QuerySourceOutput> {
  const rows = result.rows.slice(0, ROWS_SHOWN);
  const totals: Record<string, number> = {};
  result.columns.forEach((column, i) => {
    const values = result.rows.map((row) => row[i]);
    if (values.length > 0 && values.every((v) => typeof v === 'number')) {
      totals[column] = values.reduce<number>((sum, v) => sum + (v as number), 0);
    }
  });
  const header = `| ${result.columns.map(cell).join(' | ')} |`;
  const rule = `| ${result.columns.map(() => '---').join(' | ')} |`;
  const body = rows.map((row) => `| ${row.map(cell).join(' | ')} |`);
  return {
    output: {
      queryId: result.queryId,
      columns: result.columns,
      rows,
      rowCount: result.rows.length,
      truncated: result.rows.length > rows.length,
      totals,
      table: [header, rule, ...body].join('\n'),
    },
    references: [{ kind: 'query', id: result.queryId }],
  };
}
