// The world's outlines for the maps (world-map.tsx, live-map.tsx): the shipped world-atlas
// (Natural Earth, 1:110m) in an Equal Earth projection, computed once in the browser; nothing is
// fetched. Antarctica is left out. Each shape has its alpha-2 code ('' when the atlas has none), its
// SVG path and the point a pulse is drawn at.
import { geoEqualEarth, geoPath } from 'd3-geo';
import { numericToAlpha2 } from 'i18n-iso-countries';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import world from 'world-atlas/countries-110m.json';

export const WORLD_WIDTH = 960;

export interface WorldShape {
  code: string;
  name: string;
  d: string;
  centroid: [number, number];
  /** Projected area, to pick a country's main shape. */
  area: number;
}

export const { WORLD_SHAPES, WORLD_HEIGHT } = (() => {
  const topology = world as unknown as Topology<{ countries: GeometryCollection<{ name: string }> }>;
  const all = feature(topology, topology.objects.countries);
  const countries = { ...all, features: all.features.filter((f) => f.properties.name !== 'Antarctica') };
  const path = geoPath(geoEqualEarth().fitWidth(WORLD_WIDTH, countries));
  const shapes: WorldShape[] = countries.features.map((f) => ({
    code: (f.id !== undefined && numericToAlpha2(String(f.id))) || '',
    name: f.properties.name,
    d: path(f) ?? '',
    centroid: path.centroid(f) as [number, number],
    area: path.area(f),
  }));
  return { WORLD_HEIGHT: Math.ceil(path.bounds(countries)[1][1]), WORLD_SHAPES: shapes };
})();

/** Where a country's pulse goes: its largest shape's centroid (France, not French Guiana). */
export const COUNTRY_POINTS: ReadonlyMap<string, [number, number]> = (() => {
  const best = new Map<string, { area: number; point: [number, number] }>();
  for (const s of WORLD_SHAPES) {
    if (!s.code) continue;
    const seen = best.get(s.code);
    if (!seen || s.area > seen.area) best.set(s.code, { area: s.area, point: s.centroid });
  }
  return new Map([...best].map(([code, { point }]) => [code, point]));
})();
