import type { AdminAuditEntry } from '@tracemap/shell-core/admin';

/** Who did what to what, newest first. */
export function AuditLog({ entries }: { entries: AdminAuditEntry[] }) {
  return (
    <div className="adm-section">
      <h2>Audit log</h2>
      {entries.length === 0 && <p className="adm-muted">No admin action yet.</p>}
      <table className="adm-table">
        <tbody>
          {entries.map((e) => (
            <tr key={e.id} data-testid="admin-audit-entry" data-action={e.action} data-target={e.targetId ?? ''}>
              <td>{new Date(e.createdAt).toLocaleString()}</td>
              <td>{e.actorEmail}</td>
              <td>
                <strong>{e.action}</strong> {e.targetType} {e.targetId}
              </td>
              <td className="adm-muted">{JSON.stringify(e.details)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
