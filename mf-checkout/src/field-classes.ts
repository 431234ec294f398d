import type { FieldClasses } from '@reelkeep/shared-contracts/ui';
import * as controls from './checkout-controls.module.css';
import * as forms from './checkout-forms.module.css';

/** The checkout's fields (the UI kit's `Field`) in the summary column's look: a bold small label, a tall input, a muted hint and a bold problem. */
export const CHECKOUT_FIELD_CLASSES: FieldClasses = { label: forms.label!, control: forms.input!, hint: controls.hint!, problem: controls.error! };
