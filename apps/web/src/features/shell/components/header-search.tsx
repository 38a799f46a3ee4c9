import { adminPath } from '@bo/contract';
import { TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useSearchKeyword } from '../../../lib/search/search-keyword.store';
import { useHasPermission } from '../../../lib/session/use-permission';

/**
 * The header search (SPEC §2.5): Enter puts the keyword in the shared search keyword and goes to the
 * dashboard with the searching flag, which the dashboard reads and clears (SPEC §2.6).
 */
export function HeaderSearch() {
  const canSearch = useHasPermission('view-transactions');
  const [value, setValue] = useState('');
  const navigate = useNavigate();
  const setKeyword = useSearchKeyword((s) => s.setKeyword);
  if (!canSearch) return null;

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const keyword = value.trim();
    if (keyword === '') return;
    setKeyword(keyword);
    navigate(`${adminPath('dashboard')}?searching=1`);
    setValue('');
  };

  return (
    <form onSubmit={submit}>
      <TextInput
        aria-label="Search transactions"
        placeholder="Search transactions…"
        leftSection={<IconSearch size={14} aria-hidden />}
        value={value}
        onChange={(e) => setValue(e.currentTarget.value)}
        w={{ base: 160, md: 260 }}
        size="sm"
      />
    </form>
  );
}
