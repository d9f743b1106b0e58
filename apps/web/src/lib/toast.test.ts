import { toast as sonner } from 'sonner';
import { describe, expect, it } from 'vitest';
import { toast, toasterReady, whenToastWanted } from './toast.ts';

const titles = () => sonner.getHistory().map((shown) => ('title' in shown ? shown.title : undefined));

describe('a toast asked for before sonner has loaded', () => {
  it('asks for the toaster, waits for it, then shows, the next at once, and none raised while signed out', () => {
    let asked = 0;
    const stopAsking = whenToastWanted(() => {
      asked += 1;
    });
    toast.success('Disimpan.');
    const progress = toast.loading('Menyiapkan export...');
    expect(asked).toBe(2);
    expect(titles()).not.toContain('Disimpan.');

    const unmount = toasterReady(sonner);
    expect(titles()).toEqual(expect.arrayContaining(['Disimpan.', 'Menyiapkan export...']));
    toast.error('Gagal.', { id: progress });
    expect(sonner.getHistory().find((shown) => shown.id === progress)).toMatchObject({
      title: 'Gagal.',
      type: 'error',
    });
    expect(asked).toBe(2);

    unmount();
    stopAsking();
    toast.info('Tidak ada toaster.');
    const again = whenToastWanted(() => {
      asked += 1;
    });
    const remount = toasterReady(sonner);
    expect(titles()).not.toContain('Tidak ada toaster.');
    expect(asked).toBe(2);
    remount();
    again();
  });
});
