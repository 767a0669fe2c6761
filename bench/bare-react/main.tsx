// The smallest React page, built like ours (scripts/bundle-size.ts): the floor our webview pages compare to.
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <h1>Hello</h1>
  </StrictMode>,
)
