import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FIRST_ITEMS, useProgressiveList } from './use-progressive-list';

const numbers = (count: number) => Array.from({ length: count }, (_, index) => index + 1);

describe('useProgressiveList', () => {
  it('gives a short list whole at once', () => {
    const items = numbers(FIRST_ITEMS);
    const { result } = renderHook(() => useProgressiveList(items));
    expect(result.current).toBe(items);
  });

  it('gives the first items of a long list first, then the whole list in a render of its own', async () => {
    const items = numbers(30);
    const { result } = renderHook(() => useProgressiveList(items));
    expect(result.current).toEqual(numbers(FIRST_ITEMS));
    await waitFor(() => expect(result.current).toBe(items));
  });

  it('keeps the list whole once it has been, as items come and go', async () => {
    const { result, rerender } = renderHook(({ items }) => useProgressiveList(items, 3), {
      initialProps: { items: numbers(10) },
    });
    await waitFor(() => expect(result.current).toHaveLength(10));
    const longer = numbers(12);
    act(() => rerender({ items: longer }));
    expect(result.current).toBe(longer);
  });
});
