import './styles.css';
import { nextTask } from './lib/next-task.ts';

/**
 * The page's entry. A server-rendered page is painted before any of the app's code is fetched or run; then the app's
 * files are fetched together, and its modules set up a few at a time, each group in a task of its own, so that a
 * phone's main thread is never held for long and a tap in between is answered. A page in a background tab starts at
 * once.
 */
function afterFirstPaint(): Promise<void> {
  if (document.visibilityState === 'hidden') return Promise.resolve();
  return new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
}

/** The app's files, which the build names in index.html (scripts/preload-app.ts). */
function preloadAppModules(): void {
  const files = document.querySelector<HTMLMetaElement>('meta[name="app-modules"]')?.content.split(' ') ?? [];
  for (const href of files.filter(Boolean)) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = href;
    document.head.append(link);
  }
}

await afterFirstPaint();
preloadAppModules();
for (const stage of [
  () => import('react-dom/client'),
  () => import('#contracts/auth'),
  () => import('./i18n/i18n.ts'),
  async () => {
    const [{ prepareFormats }, { isLocale }] = await Promise.all([import('./i18n/format.ts'), import('./i18n/locale-store.ts')]);
    const lang = document.documentElement.lang;
    prepareFormats(isLocale(lang) ? lang : 'en');
  },
  () => import('./lib/api.ts'),
  () => import('./router.tsx'),
]) {
  await stage();
  await nextTask();
}
await import('./main.tsx');
