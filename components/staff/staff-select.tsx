/** A choice on a staff form: its label above a native select, with an optional first choice of nothing (e.g. "Any"). */
export function StaffSelect({
  label,
  name,
  options,
  defaultValue,
  blank,
  compact = false,
}: {
  label: string;
  name: string;
  /** Values shown as they are, or value and label pairs. */
  options: readonly (string | { value: string; label: string })[];
  defaultValue?: string;
  blank?: string;
  compact?: boolean;
}) {
  return (
    <label className={compact ? 'block text-sm' : 'block'}>
      <span className="block font-medium">{label}</span>
      <select name={name} defaultValue={defaultValue} className={`mt-1 rounded-md border border-ink/40 bg-surface ${compact ? 'px-2 py-1.5' : 'px-3 py-2'}`}>
        {blank !== undefined && <option value="">{blank}</option>}
        {options.map((option) => {
          const { value, label: text } = typeof option === 'string' ? { value: option, label: option } : option;
          return (
            <option key={value} value={value}>
              {text}
            </option>
          );
        })}
      </select>
    </label>
  );
}
