/** The shell sections' styles (tables, charts, forms), added to the console's one stylesheet (it carries the page's nonce). */
export const SECTION_STYLE = `
.visually-hidden{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
caption{text-align:left;font-weight:600;padding:4px 0}th a{color:inherit}.pager{margin-top:8px;gap:16px}
.charts{display:grid;grid-template-columns:repeat(auto-fit,minmax(300px,1fr));gap:16px}figure{margin:0 0 12px}
svg.chart{width:100%;height:auto;max-width:640px}
.no-chart{display:flex;align-items:center;justify-content:center;min-height:120px;margin:0 0 16px;padding:16px 20px;border:1px dashed #94a3b8;border-radius:8px;background:#f8fafc;color:#374151;text-align:center}form+.charts,form+.no-chart{margin-top:16px}svg.chart svg{overflow:visible}figcaption{font-size:.9rem;color:#374151}
fieldset{border:1px solid #d8dbe6;border-radius:6px;margin:0 0 12px;padding:8px 12px}legend{font-weight:600}
fieldset input:not([type=checkbox]){width:100%;box-sizing:border-box}.hint,.muted{color:#4b5563;font-size:.9rem}
label.inline{display:inline;font-weight:400}.form-label{align-self:center;min-width:7.5rem}
dl.figures{display:grid;grid-template-columns:repeat(auto-fit,minmax(150px,1fr));gap:8px;margin:0}
dl.figures div{border:1px solid #e4e6ee;border-radius:6px;padding:8px}dl.figures dt{font-size:.85rem;color:#4b5563}dl.figures dd{margin:0;font-size:1.2rem;font-weight:600}
dt{color:#4b5563;font-size:.9rem}
.added{color:#065f46;font-weight:600}.removed{color:#991b1b;font-weight:600}`;
