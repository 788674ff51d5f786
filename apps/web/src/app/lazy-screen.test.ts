import { describe, expect, it } from 'vitest';
import { lazyScreen } from './lazy-screen';

const Page = () => null;

describe('lazyScreen', () => {
  it('renders through React.lazy until preloaded, then the screen itself (no suspending)', async () => {
    let loads = 0;
    const Screen = lazyScreen(() => {
      loads++;
      return Promise.resolve({ default: Page });
    });
    expect(Screen().type).not.toBe(Page);
    await Screen.preload();
    await Screen.preload();
    expect(Screen().type).toBe(Page);
    expect(loads).toBe(1);
  });

  it('tries the download again after a failed preload', async () => {
    let fail = true;
    const Screen = lazyScreen(() => (fail ? Promise.reject(new Error('chunk failed')) : Promise.resolve({ default: Page })));
    await expect(Screen.preload()).rejects.toThrow('chunk failed');
    expect(Screen().type).not.toBe(Page);
    fail = false;
    await Screen.preload();
    expect(Screen().type).toBe(Page);
  });
});
