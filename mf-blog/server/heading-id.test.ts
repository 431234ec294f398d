import { describe, expect, it } from '@jest/globals';
import { toHeadingId } from './heading-id.ts';

describe('heading ids keep the text as written', () => {
  it.each([
    ['ja, voiced marks', 'エピソードをまとめてダウンロード', 'エピソードをまとめてダウンロード'],
    ['ja, semi-voiced marks', 'パソコンにライセンスを移す', 'パソコンにライセンスを移す'],
    [
      'ja, full-width question mark',
      'ReelKeepはどのストリーミングサービスに対応していますか？',
      'reelkeepはどのストリーミングサービスに対応していますか',
    ],
    ['ja, decomposed input composed again', 'ダウンロード'.normalize('NFD'), 'ダウンロード'],
    ['ja, half-width katakana as written', 'ﾀﾞｳﾝﾛｰﾄﾞ', 'ﾀﾞｳﾝﾛｰﾄﾞ'],
    ['zh, spaces around Latin words', '如何下载 Netflix 视频？', '如何下载-netflix-视频'],
    ['zh, full-width colon', '第1步：安装 ReelKeep', '第1步-安装-reelkeep'],
    ['zh, traditional characters', '選擇畫質與字幕', '選擇畫質與字幕'],
    ['en, words and punctuation', "What you'll need & why", 'what-you-ll-need-why'],
    ['en, digits', 'Step 2: Download 1080p', 'step-2-download-1080p'],
    ['fr, accents kept', 'Étape 2 : télécharger', 'étape-2-télécharger'],
    ['de, umlauts kept', 'Größe und Qualität', 'größe-und-qualität'],
    ['hi, combining vowel signs kept', 'हिन्दी में डाउनलोड', 'हिन्दी-में-डाउनलोड'],
    ['punctuation only', '？！…', 'section'],
  ])('%s', (_case, text, id) => {
    expect(toHeadingId(text)).toBe(id);
  });
});
