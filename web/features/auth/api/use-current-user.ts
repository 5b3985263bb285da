// The current-user query lives in lib (every feature needs it); this is the auth feature's door to it.
export {
  currentUserKey,
  currentUserQueryOptions,
  getCurrentUser,
  setCurrentUser,
  useCurrentUser,
  useCurrentUserQuery,
} from '@web/lib/current-user';
