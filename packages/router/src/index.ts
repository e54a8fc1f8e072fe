/**
 * The only routing module the apps import. Module Federation shares a library whole (a shared
 * module cannot be tree-shaken), so the shell and every remote share this package as a singleton
 * instead of react-router itself: the shared chunk then holds only the names below, and there is
 * still one router (one set of contexts) on the page, so a remote's <Link> and useParams() use the
 * shell's router. Add a name here before using it in an app.
 *
 * Deliberately absent: the data routers (createBrowserRouter, RouterProvider, loaders, actions),
 * which would bring most of react-router back. The shell uses <BrowserRouter> with <Routes>.
 */
export { BrowserRouter, createPath, Link, matchPath, Navigate, NavLink, Outlet, Route, Routes, useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
export type { LinkProps, Location, NavLinkProps, NavigateFunction, Params, To } from 'react-router';
