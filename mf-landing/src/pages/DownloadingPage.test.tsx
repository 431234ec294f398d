/** @jest-environment jsdom */
import { describe, expect, it } from '@jest/globals';
import { screen } from '@testing-library/react';
import { renderWithShell } from '@reelkeep/shell/testing';
import { AIO_PRODUCT, toInstallers } from '../catalogue/products.ts';
import { DownloadingPage } from './InfoPages.tsx';
import type { DownloadingPageData } from './page-data.ts';

function renderPage(os: 'win' | 'mac', versions: DownloadingPageData['versions']) {
  const data: DownloadingPageData = { product: AIO_PRODUCT.name, productSlug: AIO_PRODUCT.slug, installers: toInstallers(AIO_PRODUCT), versions };
  return renderWithShell(<DownloadingPage data={data} pageName="downloading" route="downloading" locale="de" params={{}} />, {
    locale: 'de',
    path: '/downloading',
    namespaces: ['downloading'],
    state: { os: { os, is64Bit: true } },
  });
}

describe('spec: /product/info is called and the version shown on the download page, cached 2 hours', () => {
  it.each([
    ['win', 'Aktuelle Version: 3.8.2'],
    ['mac', 'Aktuelle Version: 3.8.1'],
  ] as const)('shows the version of the %s build', (os, text) => {
    renderPage(os, { win: '3.8.2', mac: '3.8.1' });
    expect(screen.getByTestId('app-version')).toHaveTextContent(text);
  });

  it('shows nothing about the version when /product/info gave none, and the download still works', () => {
    renderPage('win', { win: null, mac: null });
    expect(screen.queryByTestId('app-version')).toBeNull();
    expect(screen.getByRole('link', { name: /Windows/ })).toHaveAttribute('href', '/mlink?p=reelkeep-setup.exe');
  });
});

describe('spec: download report carries app id, package name and install data', () => {
  it('marks the download link with the build it installs, for the tracker’s install data', () => {
    renderPage('mac', { win: null, mac: null });
    const link = screen.getByRole('link', { name: /Mac/ });
    expect(link).toHaveAttribute('href', '/mlink?p=reelkeep.dmg');
    expect(JSON.parse(link.getAttribute('data-track-install')!)).toEqual({ package_name: 'com.reelkeep.aio.mac', app_id: 'aio-mac', pid: 1001 });
  });
});
