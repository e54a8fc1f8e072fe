/** What only a server render uses (the renderer): the page's data, written for the browser to hydrate. */
export { dehydrate } from '@tanstack/react-query';
