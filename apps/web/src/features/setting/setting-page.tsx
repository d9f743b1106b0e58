/** /settings: 'Form Pengaturan', every setting in one form, all required (spec part 2 §2, §5, §9). */
import { LEGAL_TEXT } from '@sewablast/contract/legal-text';
import { SAFETY_TEXT } from '@sewablast/contract/safety';
import { type TSetting, ZUpdateSettingRequest } from '@sewablast/contract/setting';
import { Alert } from '../../components/alert.tsx';
import { FormAlert, FormField, FormTextArea, SubmitButton } from '../../components/form.tsx';
import { Card, PageHeader } from '../../components/page-header.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { asNumber, useZodForm } from '../../lib/form.ts';
import { toast } from '../../lib/toast.ts';
import { useSettings, useUpdateSettings } from './api/settings.ts';

function SettingForm({ setting }: { setting: TSetting }) {
  const update = useUpdateSettings();
  const { id: _id, ...values } = setting;
  const form = useZodForm(ZUpdateSettingRequest, { defaultValues: values });
  return (
    <form
      onSubmit={form.submitWith(async (body) => {
        const saved = await update.mutateAsync(body);
        // The server stores lists normalised ('BCA, MANDIRI'): the form shows what was stored.
        const { id: _savedId, ...stored } = saved.setting;
        form.reset(stored);
        toast.success('Pengaturan berhasil disimpan.');
      })}
      noValidate
      className="space-y-5"
    >
      <FormAlert message={form.failure} />
      <div className="grid gap-5 sm:grid-cols-2">
        <FormField
          form={form}
          name="interval_min"
          options={asNumber}
          label="Interval Min (detik)"
          type="number"
          min={1}
        />
        <FormField
          form={form}
          name="interval_max"
          options={asNumber}
          label="Interval Max (detik)"
          type="number"
          min={1}
        />
        <FormField
          form={form}
          name="price"
          options={asNumber}
          label="Harga per Blast (Rp)"
          type="number"
          min={0}
          hint="Untuk member yang belum punya level."
        />
        <FormField
          form={form}
          name="referral_percent"
          options={asNumber}
          label="Persen Referal"
          type="number"
          min={0}
          max={100}
          hint="0-100"
        />
      </div>
      <FormField
        form={form}
        name="bank_names"
        label="Daftar Bank"
        hint="Pisahkan dengan ', ' — contoh: BCA, MANDIRI, BRI"
      />
      <FormField form={form} name="colors" label="Warna Level" hint="Pisahkan dengan ', ' — contoh: #2C2C2C, #3E3A32" />
      <FormTextArea form={form} name="info" label="Info (pengumuman)" rows={4} />
      <FormTextArea form={form} name="terms" label={LEGAL_TEXT.termsLabel} rows={8} hint={LEGAL_TEXT.settingHint} />
      <FormTextArea
        form={form}
        name="privacy_policy"
        label={LEGAL_TEXT.privacyLabel}
        rows={8}
        hint={LEGAL_TEXT.settingHint}
      />
      <fieldset className="space-y-5 border-t border-slate-200 pt-5 dark:border-slate-700">
        <legend className="sr-only">{SAFETY_TEXT.section}</legend>
        <div>
          <h2 className="text-base font-semibold text-slate-900 dark:text-white">{SAFETY_TEXT.section}</h2>
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{SAFETY_TEXT.sectionHint}</p>
        </div>
        <div className="grid gap-5 sm:grid-cols-2">
          <FormField
            form={form}
            name="daily_cap"
            options={asNumber}
            label={SAFETY_TEXT.dailyCap}
            type="number"
            min={1}
            hint={SAFETY_TEXT.dailyCapHint}
          />
          <FormField
            form={form}
            name="template_repeat_days"
            options={asNumber}
            label={SAFETY_TEXT.templateRepeatDays}
            type="number"
            min={0}
            hint={SAFETY_TEXT.templateRepeatDaysHint}
          />
          <FormField
            form={form}
            name="warmup_days"
            options={asNumber}
            label={SAFETY_TEXT.warmupDays}
            type="number"
            min={0}
            hint={SAFETY_TEXT.warmupDaysHint}
          />
          <FormField
            form={form}
            name="warmup_start_cap"
            options={asNumber}
            label={SAFETY_TEXT.warmupStartCap}
            type="number"
            min={1}
            hint={SAFETY_TEXT.warmupStartCapHint}
          />
          <FormField
            form={form}
            name="daily_cap_step"
            options={asNumber}
            label={SAFETY_TEXT.dailyCapStep}
            type="number"
            min={0}
            hint={SAFETY_TEXT.dailyCapStepHint}
          />
          <FormField
            form={form}
            name="daily_cap_max"
            options={asNumber}
            label={SAFETY_TEXT.dailyCapMax}
            type="number"
            min={1}
            hint={SAFETY_TEXT.dailyCapMaxHint}
          />
          <FormField form={form} name="send_window_start" label={SAFETY_TEXT.windowStart} type="time" />
          <FormField form={form} name="send_window_end" label={SAFETY_TEXT.windowEnd} type="time" />
          <FormField
            form={form}
            name="lookups_per_hour"
            options={asNumber}
            label={SAFETY_TEXT.lookupsPerHour}
            type="number"
            min={1}
            hint={SAFETY_TEXT.lookupsPerHourHint}
          />
          <FormField
            form={form}
            name="health_slow_below"
            options={asNumber}
            label={SAFETY_TEXT.healthSlowBelow}
            type="number"
            min={0}
            max={100}
            hint={SAFETY_TEXT.healthSlowBelowHint}
          />
          <FormField
            form={form}
            name="health_pause_below"
            options={asNumber}
            label={SAFETY_TEXT.healthPauseBelow}
            type="number"
            min={0}
            max={100}
            hint={SAFETY_TEXT.healthPauseBelowHint}
          />
        </div>
      </fieldset>
      <SubmitButton busy={form.busy} busyLabel="Menyimpan...">
        Simpan
      </SubmitButton>
    </form>
  );
}

export function Component() {
  const settings = useSettings();
  return (
    <>
      <PageHeader title="Form Pengaturan">Pengaturan ini berlaku untuk semua member.</PageHeader>
      <Card className="max-w-3xl p-6">
        {settings.isPending ? (
          <div className="py-10 text-center text-brand-600">
            <Spinner size={24} />
          </div>
        ) : settings.error ? (
          <Alert tone="error">{settings.error.message}</Alert>
        ) : (
          <SettingForm setting={settings.data.setting} />
        )}
      </Card>
    </>
  );
}
