// The one door to react-router for shells and remotes. They import these from '@loadline/ui', never from
// 'react-router' (the build refuses it: frontends/ui/build/federation.ts). react-router is then not a shared
// module of its own: it lives inside the @loadline/ui singleton, tree-shaken to what this package uses and
// re-exports (a shared module is always whole: ~63 KB gzipped for react-router), and there is one router (one
// set of router contexts) at run time.
//
// react-router's NavLink is re-exported as RouterNavLink: NavLink is Mantine's (see mantine.ts). As with
// Mantine, a remote needing another export adds it here and the shells are deployed with it first. Every
// export here is in every shell's first render (a shared module keeps all its exports): add only what is used.
// Tests are not bundled and may import react-router directly (createMemoryRouter, as test/helpers.tsx does).

export type {
  Location,
  NavigateFunction,
  NavigateOptions,
  Params,
  RouteObject,
  To,
} from 'react-router';
export {
  createBrowserRouter,
  Link,
  Navigate,
  NavLink as RouterNavLink,
  Outlet,
  RouterProvider,
  useHref,
  useLocation,
  useNavigate,
  useOutletContext,
  useParams,
  useSearchParams,
} from 'react-router';
