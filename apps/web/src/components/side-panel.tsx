import Dialog from '@mui/material/Dialog';
import Drawer from '@mui/material/Drawer';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import type { ReactNode } from 'react';

/**
 * A panel over a list: a drawer on the right, or a full-screen dialog on a phone. Both are modal
 * dialogs named by the heading `labelledBy` points to; both trap the focus and close with Escape.
 */
export function SidePanel({
  open,
  onClose,
  labelledBy,
  width,
  children,
}: {
  open: boolean;
  onClose: () => void;
  /** The id of the panel's heading. */
  labelledBy: string;
  /** The drawer's width from the sm and md breakpoints on. */
  width: { sm: number; md: number };
  children: ReactNode;
}) {
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  if (phone) {
    return (
      <Dialog open={open} onClose={onClose} fullScreen aria-labelledby={labelledBy}>
        {children}
      </Dialog>
    );
  }
  return (
    <Drawer
      anchor="right"
      open={open}
      onClose={onClose}
      slotProps={{
        paper: {
          role: 'dialog',
          'aria-modal': true,
          'aria-labelledby': labelledBy,
          sx: { width, maxWidth: '100%' },
        },
      }}
    >
      {children}
    </Drawer>
  );
}
