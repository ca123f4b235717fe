'use client';
// A hover hint (MUI Tooltip) that costs nothing until one is needed: the shell names its icons
// with hints only when the menu is collapsed or the screen is a phone, so the Tooltip and its
// positioning library (Popper) are fetched then, not with every page's first load. Without a
// title, or until it has loaded, the child is shown as it is (it carries its own aria-label).
import type { TooltipProps } from '@mui/material/Tooltip';
import { type ReactElement, useEffect, useState } from 'react';

type TooltipComponent = (typeof import('@mui/material/Tooltip'))['default'];
let loaded: TooltipComponent | null = null;

export function Hint({ title, placement, children }: { title: string; placement?: TooltipProps['placement']; children: ReactElement }) {
  const [Tip, setTip] = useState<TooltipComponent | null>(() => loaded);
  useEffect(() => {
    if (!title || Tip) return;
    let live = true;
    void import('@mui/material/Tooltip').then((module) => {
      loaded = module.default;
      if (live) setTip(() => module.default);
    });
    return () => {
      live = false;
    };
  }, [title, Tip]);
  if (!title || !Tip) return children;
  return (
    <Tip title={title} placement={placement}>
      {children}
    </Tip>
  );
}
