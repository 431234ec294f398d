// jsdom lacks TextEncoder, which react-dom/server and the router need at import (docs/toolchain.md "TextEncoder in Jest").
import { TextDecoder, TextEncoder } from 'node:util';

if (typeof globalThis.TextEncoder === 'undefined') globalThis.TextEncoder = TextEncoder;
if (typeof globalThis.TextDecoder === 'undefined') globalThis.TextDecoder = TextDecoder;
