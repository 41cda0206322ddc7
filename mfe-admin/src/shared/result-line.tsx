/** The outcome of the last action, announced to screen readers. */
export function ResultLine({
  result,
  testId = 'admin-action-result',
}: {
  result: { ok: boolean; message: string } | null;
  testId?: string;
}) {
  if (!result) return null;
  return (
    <p
      role={result.ok ? 'status' : 'alert'}
      className={result.ok ? 'adm-ok' : 'adm-error'}
      data-testid={testId}
      data-ok={String(result.ok)}
    >
      {result.message}
    </p>
  );
}
