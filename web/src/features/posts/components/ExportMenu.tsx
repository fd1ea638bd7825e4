import { Button, Menu } from '@mantine/core';
import { exportQuery, type PostFilterValues } from '../post-filters';
import type { PostsView } from '../hooks/usePostsQueries';

const FORMATS = [
  { format: 'csv', label: 'Export as CSV' },
  { format: 'json', label: 'Export as JSON' },
] as const;

/**
 * "Export" ("Export as CSV", "Export as JSON"): the posts the page's filters select, as a file.
 * Each item is a plain link with `download` to the session REST download `GET /bulk/export-posts` (docs/bulk.md "Export"):
 * the browser sends the session cookie and saves the file under the name the service gives it.
 */
export function ExportMenu({ filters, view }: { filters: PostFilterValues; view: PostsView }) {
  return (
    // No focus placeholder: a focusable "presentation" div is a child the menu role does not allow (axe).
    <Menu position="bottom-end" withinPortal withInitialFocusPlaceholder={false}>
      <Menu.Target>
        <Button variant="default">Export</Button>
      </Menu.Target>
      <Menu.Dropdown>
        {FORMATS.map(({ format, label }) => (
          <Menu.Item key={format} component="a" href={`/bulk/export-posts?${exportQuery(format, filters, view === 'list')}`} download>
            {label}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
