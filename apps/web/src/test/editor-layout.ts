/**
 * jsdom does no layout: ProseMirror asks text ranges and elements for their rectangles when it scrolls the
 * cursor into view. Tests that type into the rich text editor give them empty ones.
 */
export function stubEditorLayout(): void {
  const rect = () => ({
    x: 0,
    y: 0,
    top: 0,
    left: 0,
    bottom: 0,
    right: 0,
    width: 0,
    height: 0,
    toJSON: () => ({}),
  });
  const rects = () => Object.assign([], { item: () => null }) as unknown as DOMRectList;
  for (const proto of [Range.prototype, Element.prototype] as Array<{
    getClientRects?: () => DOMRectList;
    getBoundingClientRect?: () => DOMRect;
  }>) {
    proto.getClientRects ??= rects;
    proto.getBoundingClientRect ??= rect as unknown as () => DOMRect;
  }
  // Range.getClientRects may exist and throw in some jsdom versions: replace it outright.
  Range.prototype.getClientRects = rects;
  Range.prototype.getBoundingClientRect = rect as unknown as () => DOMRect;
  document.elementFromPoint ??= () => null;
}
