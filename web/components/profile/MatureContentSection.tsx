// Settings → mature content: the member's choice to see mature work without the blur.
import { EyeOff } from 'lucide-react';
import { toast } from 'sonner';
import type { TCurrentUser } from '@shared/schemas/user';
import { serverMessage } from '@/api/api-error';
import { useUpdatePreferences } from '@/api/auth';
import { Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';
import { SettingsSection } from './SettingsSection';

export function MatureContentSection({ user }: { user: Pick<TCurrentUser, 'showMature'> }) {
  const update = useUpdatePreferences();
  // Shown as asked while the answer is on its way; the answer (or a failure) settles it.
  const checked = update.isPending && update.variables ? update.variables.showMature : user.showMature;

  function change(showMature: boolean) {
    update.mutate({ showMature }, { onError: (error) => toast.error('Update failed', { description: serverMessage(error, 'Failed to save the setting') }) });
  }

  return (
    <SettingsSection id="mature-content" title="Mature content" icon={EyeOff}>
      <div className="flex items-start justify-between gap-4">
        <div className="flex flex-col gap-1">
          <Label htmlFor="show-mature">Show mature content without blur</Label>
          <p id="show-mature-hint" className="text-[13px] text-zinc-500">
            Off: projects marked mature stay blurred until you choose to see each one.
          </p>
        </div>
        <Switch id="show-mature" checked={checked} onCheckedChange={change} disabled={update.isPending} aria-describedby="show-mature-hint" />
      </div>
    </SettingsSection>
  );
}
