// What matching a visit against a link's rules needs and a redirect without rules does not: the
// user-agent parser (through match-rules.ts) and the GeoIP reader. The edge imports this module the
// first time it meets a link with rules, so a server whose links have none never loads either on
// its main thread (tests/unit/main-thread-modules.test.ts).
export { matchRule } from './match-rules';
export { processGeo } from '../../analytics/process-geo';
