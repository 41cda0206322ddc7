import { Link } from 'react-router';

const LINKS = [
  { to: 'email', label: 'Email outbox', text: 'Emails the product has queued and sent.' },
  { to: 'roadmap', label: 'Roadmap', text: 'Edit the public roadmap.' },
  { to: 'create-user', label: 'Create user', text: 'Add a user account by hand.' },
  { to: 'create-company', label: 'Create company', text: 'Add a company workspace by hand.' },
  { to: 'debug-test', label: 'Debug test', text: 'Checks that shared state reaches the shell.' },
];

export function AdminDashboardPage() {
  return (
    <section className="tm-page tm-container">
      <h1>Admin</h1>
      <p>Tools for Tracemap product administrators.</p>
      <ul>
        {LINKS.map((l) => (
          <li key={l.to}>
            <Link to={l.to}>{l.label}</Link> — {l.text}
          </li>
        ))}
      </ul>
    </section>
  );
}
