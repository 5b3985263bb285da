import { useCallback } from 'react';
import { useSearchParams } from 'react-router-dom';
import { sectionFrom, type Section } from '@web/config/paths';

/**
 * The active section of the main app, backed by `?section=` (unknown → dashboard). Setting it pushes
 * a history entry, so back/forward walk through sections; the dashboard has no parameter.
 */
export function useSection(): [Section, (section: Section) => void] {
  const [params, setParams] = useSearchParams();
  const section = sectionFrom(params.get('section'));
  const setSection = useCallback(
    (next: Section) => {
      // A section starts clean: parameters of the previous one do not carry over.
      setParams(next === 'dashboard' ? {} : { section: next });
    },
    [setParams],
  );
  return [section, setSection];
}
