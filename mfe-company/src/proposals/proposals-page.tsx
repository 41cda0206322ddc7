import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { Button } from '@tracemap/ui';
import { Link, useNavigate } from 'react-router';
import { listProposals, openProposal, type Proposal } from '@tracemap/shell-core/tracking-plan';
import { ApiErrorMessage } from '../components/api-error';
import { useCompany } from '../company-layout/context';
import { useAction } from '../hooks/use-action';
import { personName } from './people';
import { ProposalStatusBadge } from './proposal-status';

const EDIT_ROLES = ['owner', 'admin', 'creator'];

/** /company/:companyId/proposals: every proposal, newest first, and (for editors) opening a new one. */
export function ProposalsPage() {
  const { companyId, info } = useCompany();
  const navigate = useNavigate();
  const [proposals, setProposals] = useState<Proposal[] | null>(null);
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const { busy, error, run } = useAction();
  const canEdit = EDIT_ROLES.includes(info.role);

  const load = useCallback(async () => {
    const list = await run(() => listProposals(companyId));
    if (list) setProposals(list);
  }, [companyId, run]);
  useEffect(() => {
    void load();
  }, [load]);

  const create = async (event: FormEvent) => {
    event.preventDefault();
    const created = await run(() =>
      openProposal(companyId, { name: name.trim(), ...(description.trim() ? { description } : {}) }),
    );
    // Straight into the proposal: the plan's pages now read and write inside it.
    if (created) void navigate(`/company/${companyId}/events?proposal=${created.id}`);
  };

  return (
    <section className="tm-container co-page" data-testid="proposals-page">
      <h1>Proposals</h1>
      <p className="co-muted">
        A proposal is a copy of the plan to change apart from the live one, reviewed and then merged into it.{' '}
        <Link to={`/company/${companyId}/plan-versions`} data-testid="plan-versions-link">
          Plan versions
        </Link>
      </p>
      {canEdit && (
        <form className="co-form co-form--row" onSubmit={(e) => void create(e)} data-testid="proposal-create">
          <label>
            Name
            <input value={name} onChange={(e) => setName(e.target.value)} required data-testid="proposal-create-name" />
          </label>
          <label>
            Description
            <input
              value={description}
              onChange={(e) => setDescription(e.target.value)}
              data-testid="proposal-create-description"
            />
          </label>
          <Button type="submit" disabled={busy || !name.trim()} data-testid="proposal-create-submit">
            Open a proposal
          </Button>
        </form>
      )}
      <ApiErrorMessage error={error} />
      {proposals && proposals.length === 0 && <p className="co-muted">No proposals yet.</p>}
      {proposals && proposals.length > 0 && (
        <table className="co-table" data-testid="proposal-list">
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Status</th>
              <th scope="col">Author</th>
              <th scope="col">Approvals</th>
              <th scope="col">Updated</th>
            </tr>
          </thead>
          <tbody>
            {proposals.map((p) => (
              <tr key={p.id} data-testid="proposal-row" data-name={p.name}>
                <td>
                  <Link to={`/company/${companyId}/proposals/${p.id}`}>{p.name}</Link>
                </td>
                <td>
                  <ProposalStatusBadge status={p.status} />
                </td>
                <td>{personName(info.users, p.authorId)}</td>
                <td>
                  {p.approvals} / {p.approvalsRequired}
                </td>
                <td>{new Date(p.updatedAt).toLocaleString()}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
