// React Router's typed request context (`context.get(…)` in loaders): the server bundle passes a
// RouterContextProvider to its static handler (entry.server.tsx), so loaders see that type.
import 'react-router';

declare module 'react-router' {
  interface Future {
    v8_middleware: true;
  }
}
