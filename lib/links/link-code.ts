// What a short link's code can be: 1–50 of [A-Za-z0-9_-] (generated codes and aliases both; aliases
// are at least 3, validate-alias.ts). The edge serves no other path as a link, so a code outside it
// names no link anywhere (a report of one is "no such short link", not a query).
export const LINK_CODE = /^[A-Za-z0-9_-]{1,50}$/;
