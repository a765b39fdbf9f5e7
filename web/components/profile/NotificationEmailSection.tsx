// Settings → Notification e-mails: for hire messages, comments and replies, an e-mail at once,
// one daily digest, or none. Each choice is saved when made.
import { BellRing } from 'lucide-react';
import { DIGEST_HOUR_UTC } from '@shared/constants';
import { toast } from 'sonner';
import { EMAIL_SETTING_LABELS, EMAIL_SETTINGS, EMAIL_TYPE_LABELS, EMAIL_TYPES, type TEmailSetting, type TEmailType } from '@shared/schemas/notification';
import { serverMessage } from '@/api/api-error';
import { useNotificationSettings, useSaveNotificationSettings } from '@/api/notifications';
import { Button } from '@/components/ui/button';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Skeleton } from '@/components/ui/skeleton';
import { SettingsSection } from './SettingsSection';


export function NotificationEmailSection() {
  const settings = useNotificationSettings();
  const save = useSaveNotificationSettings();

  function choose(type: TEmailType, value: TEmailSetting) {
    if (!settings.data) return;
    save.mutate(
      { ...settings.data, [type]: value },
      {
        onSuccess: () => toast('Notification e-mails saved', { description: `${EMAIL_TYPE_LABELS[type]}: ${EMAIL_SETTING_LABELS[value]}.` }),
        onError: (error) => toast.error('Saving failed', { description: serverMessage(error, 'Failed to save your notification e-mails') }),
      },
    );
  }

  return (
    <SettingsSection id="notification-emails" title="Notification e-mails" icon={BellRing}>
      {settings.isLoading ? (
        <div className="flex flex-col gap-2">
          <Skeleton className="h-9 rounded-lg" />
          <Skeleton className="h-9 rounded-lg" />
          <Skeleton className="h-9 rounded-lg" />
        </div>
      ) : settings.isError || !settings.data ? (
        <div role="alert" className="flex flex-col items-start gap-2 text-sm text-red-800">
          <p>{serverMessage(settings.error, "We couldn't load your notification e-mails. Please try again.")}</p>
          <Button variant="outline" size="sm" onClick={() => void settings.refetch()}>
            Try again
          </Button>
        </div>
      ) : (
        <>
          <p className="text-sm text-zinc-600">The daily digest arrives once a day at {String(DIGEST_HOUR_UTC).padStart(2, '0')}:00 UTC with what came in since the last one.</p>
          <ul className="flex flex-col gap-3">
            {EMAIL_TYPES.map((type) => (
              <li key={type} className="flex items-center justify-between gap-4">
                <label htmlFor={`email-${type}`} className="text-sm font-medium">
                  {EMAIL_TYPE_LABELS[type]}
                </label>
                <Select value={settings.data[type]} disabled={save.isPending} onValueChange={(value) => choose(type, value as TEmailSetting)}>
                  <SelectTrigger id={`email-${type}`} className="w-40">
                    <SelectValue />
                  </SelectTrigger>
                  <SelectContent>
                    {EMAIL_SETTINGS.map((value) => (
                      <SelectItem key={value} value={value}>
                        {EMAIL_SETTING_LABELS[value]}
                      </SelectItem>
                    ))}
                  </SelectContent>
                </Select>
              </li>
            ))}
          </ul>
        </>
      )}
    </SettingsSection>
  );
}
