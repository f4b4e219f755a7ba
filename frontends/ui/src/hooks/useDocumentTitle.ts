import { useEffect, useState } from 'react';

/** document.title, kept current as pages change it (usePageTitle). */
export function useDocumentTitle(): string {
  const [title, setTitle] = useState(() => document.title);
  useEffect(() => {
    const update = () => setTitle(document.title);
    update();
    const observer = new MutationObserver(update);
    observer.observe(document.head, { subtree: true, childList: true, characterData: true });
    return () => observer.disconnect();
  }, []);
  return title;
}
