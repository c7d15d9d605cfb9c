import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useNotification } from './notification-context';
import type { NotifyOptions } from './notification-context';
import { NotificationProvider } from './notification-provider';

function Trigger({ options }: { options: NotifyOptions }) {
  const { notify } = useNotification();
  return (
    <button
      type="button"
      onClick={() => {
        notify(options);
      }}
    >
      Show
    </button>
  );
}

// fireEvent rather than user-event: Testing Library's async wrapper waits on a real
// setTimeout, which never fires under Vitest's fake timers. These events are synchronous; the
// view itself is loaded with the first notification, which the awaited act lets finish.
async function showNotification(options: NotifyOptions = { message: 'Leave request submitted.' }) {
  render(
    <NotificationProvider>
      <Trigger options={options} />
    </NotificationProvider>,
  );
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Show' }));
    await import('./notification-view');
  });
}

const advance = (ms: number) => {
  act(() => {
    vi.advanceTimersByTime(ms);
  });
};

// Long enough for the exit transition to finish and the snackbar to unmount.
const afterExit = () => {
  advance(1000);
};

describe('NotificationProvider', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('opens with the message, success by default, at the bottom right', async () => {
    await showNotification();

    const message = screen.getByRole('status');
    expect(message).toHaveTextContent('Leave request submitted.');
    expect(message).toHaveClass('MuiAlert-colorSuccess');
    expect(message.closest('.MuiSnackbar-root')).toHaveClass('MuiSnackbar-anchorOriginBottomRight');
  });

  it('closes after 5000 ms', async () => {
    await showNotification();

    advance(4900);
    expect(screen.getByRole('status')).toBeInTheDocument();

    advance(100);
    afterExit();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('pauses while hovered and resumes at half the duration', async () => {
    await showNotification();
    advance(4000);

    fireEvent.mouseEnter(screen.getByRole('status'));
    advance(20_000);
    expect(screen.getByRole('status')).toBeInTheDocument();

    fireEvent.mouseLeave(screen.getByRole('status'));
    advance(2400);
    expect(screen.getByRole('status')).toBeInTheDocument();

    advance(100);
    afterExit();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('pauses while focused and resumes at half the duration after blur', async () => {
    await showNotification();
    advance(4000);

    const dismiss = screen.getByRole('button', { name: 'Dismiss message' });
    fireEvent.focus(dismiss);
    advance(20_000);
    expect(screen.getByRole('status')).toBeInTheDocument();

    fireEvent.blur(dismiss);
    advance(2400);
    expect(screen.getByRole('status')).toBeInTheDocument();

    advance(100);
    afterExit();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('honours a custom duration, severity and position', async () => {
    await showNotification({
      message: 'The server is busy.',
      severity: 'error',
      autoHideDuration: 2000,
      anchorOrigin: { vertical: 'top', horizontal: 'center' },
    });

    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('The server is busy.');
    expect(alert).toHaveClass('MuiAlert-colorError');
    expect(alert.closest('.MuiSnackbar-root')).toHaveClass('MuiSnackbar-anchorOriginTopCenter');

    fireEvent.mouseEnter(alert);
    fireEvent.mouseLeave(alert);
    advance(999);
    expect(screen.getByRole('alert')).toBeInTheDocument();
    advance(1);
    afterExit();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('closes with the "Dismiss message" button', async () => {
    await showNotification();

    fireEvent.click(screen.getByRole('button', { name: 'Dismiss message' }));
    afterExit();

    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('closes on Escape', async () => {
    await showNotification();

    fireEvent.keyDown(document.body, { key: 'Escape' });
    afterExit();

    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('closes on a click away', async () => {
    await showNotification();
    advance(10);

    fireEvent.click(document.body);
    afterExit();

    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('shows a caller action beside the close button', async () => {
    const onUndo = vi.fn();
    await showNotification({
      message: 'Request cancelled.',
      action: (
        <button type="button" onClick={onUndo}>
          Undo
        </button>
      ),
    });

    fireEvent.click(screen.getByRole('button', { name: 'Undo' }));
    expect(onUndo).toHaveBeenCalledOnce();
    expect(screen.getByRole('button', { name: 'Dismiss message' })).toBeInTheDocument();
  });
});
