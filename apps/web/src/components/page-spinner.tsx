import './page-spinner.css';

/**
 * A spinner for the whole page while the gate decides or a part of the app loads: plain markup
 * and CSS, for it shows before MUI or Amplify UI are loaded.
 */
export function PageSpinner({ label }: { label: string }) {
  return (
    <div className="page-spinner">
      <span role="progressbar" aria-label={label} />
    </div>
  );
}
