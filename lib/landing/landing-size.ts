// How much of the landing page's allowance a page uses; shared by the API and the editor's counter.

/** The largest landing page: HTML, CSS and JavaScript together, in UTF-8 bytes. */
export const LANDING_PAGE_MAX_BYTES = 512 * 1024;

/** The largest request body of its route: the page JSON-escaped (quotes, newlines, \uXXXX). */
export const LANDING_BODY_MAX_BYTES = 2 * 1024 * 1024;

export interface LandingParts {
  html: string;
  css: string;
  js: string;
}

const encoder = new TextEncoder();

/** UTF-8 bytes of the three parts together. */
export function landingSize(page: LandingParts): number {
  return encoder.encode(page.html).length + encoder.encode(page.css).length + encoder.encode(page.js).length;
}

export function fitsLandingLimit(page: LandingParts): boolean {
  return landingSize(page) <= LANDING_PAGE_MAX_BYTES;
}
