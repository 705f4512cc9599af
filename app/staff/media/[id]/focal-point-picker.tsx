'use client';

import { useEffect, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';

/**
 * Where crops (square portraits, social cards) centre: click on the image, or type the two percentages. The marker is
 * placed through the DOM, not a style attribute, which the site's Content-Security-Policy does not allow.
 */
export function FocalPointPicker({
  action,
  src,
  width,
  height,
  focal,
}: {
  action: (data: FormData) => Promise<void>;
  src: string;
  width: number;
  height: number;
  focal: { x: number; y: number };
}) {
  const [point, setPoint] = useState({ x: Math.round(focal.x * 100), y: Math.round(focal.y * 100) });
  const marker = useRef<HTMLSpanElement>(null);
  useEffect(() => {
    if (!marker.current) return;
    marker.current.style.left = `${point.x}%`;
    marker.current.style.top = `${point.y}%`;
    marker.current.hidden = false;
  }, [point]);
  return (
    <form action={action} className="space-y-3">
      <div className="relative inline-block max-w-full">
        {/* eslint-disable-next-line @next/next/no-img-element -- a library image, already sized */}
        <img
          src={src}
          width={width}
          height={height}
          alt="Click where crops should centre"
          className="block h-auto max-w-full cursor-crosshair rounded border border-line"
          onClick={(event) => {
            const box = event.currentTarget.getBoundingClientRect();
            setPoint({ x: Math.round(((event.clientX - box.left) / box.width) * 100), y: Math.round(((event.clientY - box.top) / box.height) * 100) });
          }}
        />
        <span
          ref={marker}
          hidden
          aria-hidden="true"
          className="pointer-events-none absolute h-6 w-6 -translate-x-1/2 -translate-y-1/2 rounded-full border-4 border-white shadow ring-2 ring-accent"
        />
      </div>
      <div className="flex flex-wrap items-end gap-3">
        {(['x', 'y'] as const).map((axis) => (
          <div key={axis}>
            <label htmlFor={`focal-${axis}`} className="block text-sm font-medium">
              {axis === 'x' ? 'From the left (%)' : 'From the top (%)'}
            </label>
            <input
              id={`focal-${axis}`}
              name={axis === 'x' ? 'focalX' : 'focalY'}
              type="number"
              min={0}
              max={100}
              value={point[axis]}
              onChange={(event) => setPoint({ ...point, [axis]: Number(event.target.value) })}
              className="mt-1 w-24 rounded-md border border-ink/40 bg-surface px-3 py-1.5"
            />
          </div>
        ))}
        <Button type="submit" variant="secondary">
          Save focal point
        </Button>
      </div>
    </form>
  );
}
