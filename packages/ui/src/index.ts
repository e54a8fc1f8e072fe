export { Button, buttonClassName, BUTTON_SIZES, BUTTON_VARIANTS } from './components/button';
export type { ButtonProps, ButtonSize, ButtonStyleOptions, ButtonVariant } from './components/button';
export { ErrorState, ERROR_STATE_MESSAGE, ERROR_STATE_TITLE } from './components/error-state';
export type { ErrorStateProps } from './components/error-state';
export { Loading } from './components/loading';
export type { LoadingProps } from './components/loading';
export {
  applyPageMeta,
  currentSiteNames,
  DEFAULT_PAGE_DESCRIPTION,
  defaultPageTitle,
  formatPageTitle,
  JsonLd,
  PageMeta,
  PageMetaCollector,
  pageMetaTags,
  resolvePageMeta,
  useDocumentTitle,
  usePageMeta,
} from './page-meta/page-meta';
export type { PageCollector, PageMetaInput, ResolvedPageMeta, SiteNames } from './page-meta/page-meta';
export { getPageItems, Pager, PAGER_COLLAPSE_AFTER } from './components/pager';
export type { PageItem, PagerLinkProps, PagerProps } from './components/pager';
export { BannerRotator, BANNER_ROTATION_MS, MAX_BANNER_IMAGES } from './components/banner-rotator';
export type { BannerRotatorImage, BannerRotatorProps } from './components/banner-rotator';
export { useDocumentHidden, useMediaQuery, usePrefersReducedMotion } from './hooks/use-media-query';
export { useHydrated } from './hooks/use-hydrated';
export { dropEarlyClicks, EARLY_CLICK_ATTRIBUTE, useEarlyClick, type EarlyClick } from './hooks/use-early-click';
export { formatDay, formatDayAndTime, formatPublicDate, NO_DATE } from './format/dates';
export { StatusBadge } from './components/status-badge';
export { AdminTable, EmptyNote } from './components/admin-table';
export { ToggleGroup } from './components/toggle-group';
export type { ToggleGroupProps } from './components/toggle-group';
