// The generic screens, for pages and rich screens that reuse pieces of them.
export { ConfirmDialog } from './confirm-dialog';
export { FieldInput, FormSections } from './form-fields';
export { HistoryDialog } from './history-dialog';
export { useNotice } from './notice';
export { PasswordDialog } from './password-dialog';
export { RecordEditor } from './record-editor';
export { ResourceForm } from './resource-form';
export { ResourceList } from './resource-list';
export { RouteTreePicker } from './route-tree-picker';
export { useT } from './use-t';
