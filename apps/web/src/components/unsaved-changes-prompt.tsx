import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useBlocker } from 'react-router';
import { ConfirmDialog } from './confirm-dialog';

/**
 * Asks before a form with unsaved changes is left: for another page of the app, with the app's own
 * dialog (the router's blocker); for a reload, a closed tab or a typed address, with the browser's
 * "leave site?" question. `allowLeaving()` lets the form go where it means to go itself, after
 * saving or deleting, before its state has caught up. Render `prompt` in the form's page.
 */
export function useUnsavedChangesPrompt(dirty: boolean) {
  const { t } = useTranslation();
  const allowed = useRef(false);
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirty && !allowed.current && currentLocation.pathname !== nextLocation.pathname,
  );

  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  const prompt = (
    <ConfirmDialog
      open={blocker.state === 'blocked'}
      title={t('unsavedChanges.title')}
      body={t('unsavedChanges.body')}
      confirmLabel={t('unsavedChanges.leave')}
      cancelLabel={t('unsavedChanges.stay')}
      confirmColour="error"
      busy={false}
      onConfirm={() => blocker.proceed?.()}
      onClose={() => blocker.reset?.()}
    />
  );
  return {
    prompt,
    allowLeaving: () => {
      allowed.current = true;
    },
  };
}
