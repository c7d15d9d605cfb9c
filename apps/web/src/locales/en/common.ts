/**
 * Texts shared by every screen. Texts quoted by the original specification (docs/product/specification.md §2, §8) are
 * verbatim and must stay so.
 */
export const common = {
  appName: 'Staff Portal',
  goBack: 'Go Back',
  goHome: 'Go to Home',
  reload: 'Reload',
  // The button that dismisses a form dialog (components/form-dialog.tsx).
  cancel: 'Cancel',
  // The calendar of every date input (components/date-field.tsx, app/provider.tsx).
  datePicker: {
    open: 'Choose date',
    openSelected: 'Choose date, selected date is {{date}}',
    title: 'Select date',
    previousMonth: 'Previous month',
    nextMonth: 'Next month',
    toYearView: 'calendar view is open, switch to year view',
    toCalendarView: 'year view is open, switch to calendar view',
    cancel: 'Cancel',
    clear: 'Clear',
    ok: 'OK',
    today: 'Today',
  },
  loading: 'Loading…',
  retrying: 'Trying again…',
  dismissMessage: 'Dismiss message',
  networkError: 'Network error',
  timeoutError: 'The server did not answer in time.',
  unknownError: 'An unknown error has occurred.',
  sessionExpired: 'Your session has expired. Please log in again.',
  invalidEmail: 'Invalid Email',
  invalidDate: 'Invalid Date',
  // Every list page (components/list/): its filters, paging and counts.
  list: {
    showFilters: 'Filters',
    showFiltersSet_one: 'Filters ({{count}} set)',
    showFiltersSet_other: 'Filters ({{count}} set)',
    hideFilters: 'Hide filters',
    rowsPerPage: 'Rows per page',
    pagination: {
      first: 'Go to the first page',
      last: 'Go to the last page',
      next: 'Go to the next page',
      previous: 'Go to the previous page',
    },
    // Which rows of how many a page shows; past a capped count, "more than" (search-pager.tsx).
    range: '{{from}}–{{to}} of {{count}}',
    rangeMore: '{{from}}–{{to}} of more than {{count}}',
    pagingLabel: 'Pages',
    previous: 'Previous page',
    next: 'Next page',
    page: 'Page {{page}}',
  },
  // A form left with unsaved changes (components/unsaved-changes-prompt.tsx).
  unsavedChanges: {
    title: 'Leave without saving?',
    body: 'Your changes on this page have not been saved. If you leave now, they are lost.',
    leave: 'Leave without saving',
    stay: 'Stay on this page',
  },
};
