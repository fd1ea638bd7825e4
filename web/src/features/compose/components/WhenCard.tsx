import { PublishAtPicker } from '../../../ui/PublishAtPicker';
import { SectionCard } from '../../../ui/SectionCard';

/** When the post goes out, for "Schedule". */
export function WhenCard({ value, onChange }: { value: string | null; onChange: (iso: string | null) => void }) {
  return (
    <SectionCard titleId="when-title" title="When" gap="xs">
      <PublishAtPicker value={value} onChange={onChange} maw={320} />
    </SectionCard>
  );
}
