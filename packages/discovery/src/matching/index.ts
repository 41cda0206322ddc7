export {
  matchEvent,
  matchView,
  viewEvent,
  similarEvent,
  type EventMatch,
  type MatchContext,
  type MatchHow,
  type NameMapping,
} from './match-event';
export { compileUrlPattern, matchesUrlPattern, type UrlPattern } from './url-pattern';
