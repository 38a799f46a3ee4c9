import { create } from 'zustand';

interface SearchKeywordState {
  /** The shared search keyword of SPEC §3: the header search writes it, the dashboard reads it. */
  keyword: string;
  setKeyword: (keyword: string) => void;
}

export const useSearchKeyword = create<SearchKeywordState>()((set) => ({
  keyword: '',
  setKeyword: (keyword) => set({ keyword }),
}));
