// The part of react-router that Tracemap apps use, shared as the `react-router` singleton.
// Sharing the whole package ships ~60 KiB gzip that cannot be tree-shaken across Module
// Federation boundaries; re-exporting a fixed list lets webpack drop the rest (data routers,
// server rendering, cookies, sessions). Need another export? Add it here, in every app at once.
export {
  BrowserRouter,
  MemoryRouter,
  Routes,
  Route,
  Link,
  NavLink,
  Navigate,
  Outlet,
  useLocation,
  useNavigate,
  useParams,
  useSearchParams,
  useMatch,
  useHref,
  useInRouterContext,
  matchPath,
  matchRoutes,
  generatePath,
  createSearchParams,
  resolvePath,
} from 'react-router-full';
