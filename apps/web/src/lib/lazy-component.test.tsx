import { act, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { lazyWithPreload } from './lazy-component';

const Greeting = ({ name }: { name: string }) => <p>Hello {name}</p>;

describe('lazyWithPreload', () => {
  it('renders at once, without the fallback, once preloaded', async () => {
    const load = vi.fn(() => Promise.resolve({ Greeting }));
    const Lazy = lazyWithPreload(load, (module) => module.Greeting);
    await Lazy.preload();
    render(
      <Suspense fallback={<p>Loading</p>}>
        <Lazy name="Aisyah" />
      </Suspense>,
    );
    // In the first commit: no fallback was shown, so nothing waits for Suspense's reveal.
    expect(screen.getByText('Hello Aisyah')).toBeInTheDocument();
    expect(screen.queryByText('Loading')).not.toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('suspends like React.lazy when not preloaded, and loads the code once', async () => {
    const load = vi.fn(() => Promise.resolve({ Greeting }));
    const Lazy = lazyWithPreload(load, (module) => module.Greeting);
    render(
      <Suspense fallback={<p>Loading</p>}>
        <Lazy name="Farid" />
      </Suspense>,
    );
    expect(screen.getByText('Loading')).toBeInTheDocument();
    expect(await screen.findByText('Hello Farid')).toBeInTheDocument();
    await Lazy.preload();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('tries a failed load again', async () => {
    const load = vi
      .fn<() => Promise<{ Greeting: typeof Greeting }>>()
      .mockRejectedValueOnce(new Error('chunk failed'))
      .mockResolvedValue({ Greeting });
    const Lazy = lazyWithPreload(load, (module) => module.Greeting);
    await expect(Lazy.preload()).rejects.toThrow('chunk failed');
    await act(() => Lazy.preload());
    expect(load).toHaveBeenCalledTimes(2);
  });
});
