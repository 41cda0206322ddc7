import { Link } from 'react-router';

export function Footer() {
  return (
    <footer className="sh-footer" data-testid="shell-footer">
      <div className="tm-container sh-footer__cols">
        <div>
          <strong>Tracemap</strong> — analytics data modelling for teams.
        </div>
        <nav aria-label="Footer">
          <Link to="/about-us">About us</Link>
          <Link to="/blog">Blog</Link>
          <Link to="/learning">Learning</Link>
          <Link to="/roadmap">Roadmap</Link>
          <Link to="/contact">Contact</Link>
          <Link to="/privacy-policy">Privacy</Link>
          <Link to="/terms-of-service">Terms</Link>
        </nav>
      </div>
    </footer>
  );
}
