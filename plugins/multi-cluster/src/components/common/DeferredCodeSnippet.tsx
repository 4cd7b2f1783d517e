import { useEffect, useState } from 'react';
import { CodeSnippet } from '@backstage/core-components';

/**
 * Backstage's CodeSnippet, mounted once the page around it has committed;
 * until then the text shows plain. The snippet loads its highlighter
 * lazily, and rendered with the page that load held back the page's first
 * commit, so every read its other cards start: on the service tab, 100 to
 * 350 ms before the first request left.
 */
export function DeferredCodeSnippet(props: Parameters<typeof CodeSnippet>[0]) {
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  if (!mounted) {
    return (
      <pre style={{ margin: 0, overflowX: 'auto' }}>
        <code>{props.text}</code>
      </pre>
    );
  }
  return <CodeSnippet {...props} />;
}
