import { Link } from 'react-router';
import { PlaceholderPage } from '@tracemap/ui';

export function CompanyListPage() {
  return (
    <PlaceholderPage
      title="Your companies"
      description="Every company workspace you belong to, with your role in it."
      pending="The company list arrives with the company release."
    >
      <p>
        No company yet? <Link to="create">Create a company</Link>
      </p>
    </PlaceholderPage>
  );
}
