// Query tabs, kept in localStorage so they survive a reload.
export interface Tab { id: string; name: string; sql: string; savedQueryId?: string }

const KEY = 'minilake.tabs';
const ACTIVE = 'minilake.activeTab';

export function loadTabs(): Tab[] {
  try {
    const tabs = JSON.parse(localStorage.getItem(KEY) ?? '[]');
    if (Array.isArray(tabs) && tabs.length) return tabs;
  } catch { /* a damaged entry starts fresh */ }
  return [newTab(1)];
}

export function saveTabs(tabs: Tab[], active: string) {
  localStorage.setItem(KEY, JSON.stringify(tabs));
  localStorage.setItem(ACTIVE, active);
}

export function loadActive(tabs: Tab[]): string {
  const a = localStorage.getItem(ACTIVE);
  return tabs.some(t => t.id === a) ? a! : tabs[0].id;
}

export function newTab(n: number, sql = ''): Tab {
  return { id: Math.random().toString(36).slice(2, 10), name: `Query ${n}`, sql };
}
