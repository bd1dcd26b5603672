import { Select } from 'antd';
import { useState } from 'react';
import { useCompanyPicker } from '../companies/api';

type Props = {
  value?: string | null;
  onChange?: (v: string | null) => void;
  /** the chosen company's name, shown before the picker has searched */
  currentName?: string | null;
  ariaLabel: string;
  testId?: string;
};

/** One customer company, searched by name. */
export function CompanySelect({ value, onChange, currentName, ariaLabel, testId }: Props) {
  const [search, setSearch] = useState('');
  const [open, setOpen] = useState(false);
  const companies = useCompanyPicker(search, open);
  const options = (companies.data?.list ?? []).map((c) => ({ value: c.id, label: c.name }));
  if (value && currentName && !options.some((o) => o.value === value)) options.unshift({ value, label: currentName });
  return (
    <Select
      allowClear
      showSearch
      filterOption={false}
      onSearch={setSearch}
      onOpenChange={setOpen}
      loading={companies.isFetching}
      options={options}
      value={value ?? undefined}
      onChange={(v) => onChange?.(v ?? null)}
      aria-label={ariaLabel}
      data-testid={testId}
    />
  );
}
